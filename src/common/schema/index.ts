/**
 * The schema registry shared by the browser and the server (see docs/adding-a-module.md).
 * Pure functions over parsed schema objects: no file system, no fetch, no framework.
 */
export * from './types';
export * from './registry';
export * from './keys';
export * from './paths';
export * from './validation';
