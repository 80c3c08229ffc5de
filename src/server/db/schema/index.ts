export * from './audit';
export * from './leads';
export * from './performance';
export * from './properties';
export * from './report-contacts';
export * from './settings';
export * from './users';
