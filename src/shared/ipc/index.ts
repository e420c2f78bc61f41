export * from './channels';
export * from './types';
export * from './validate';
export * from './backup';
export * from './updates';
export * from './receiving';
export * from './valuation';
export * from './dataio';
