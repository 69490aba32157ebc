import { describeSchemaContract } from './support/schema-contract';

// Every schema file of the project keeps the contract (tests/api/support/schema-contract.ts).
describeSchemaContract({ schemasDir: 'schemas' });
