import type { Capability } from '../module-routes';
import { actions } from './actions';
import { bulk } from './bulk';
import { csvExports } from './exports';
import { fieldFlags } from './field-flags';
import { files } from './files';
import { history } from './history';
import { locking } from './locking';
import { ordering } from './ordering';
import { records } from './records';
import { references } from './references';
import { singleton } from './singleton';
import { uniqueKeys } from './unique';

/**
 * The engine's capabilities (their interface, Capability, is in module-routes.ts), in the order they
 * act: routes are registered, guards and checks run (unique keys before references), and stored
 * writes are followed (references, then history).
 */
export const capabilities: readonly Capability[] = [records, singleton, csvExports, ordering, actions, bulk, files, locking, fieldFlags, uniqueKeys, references, history];

export { copyNested } from './files';
