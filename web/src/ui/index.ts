/** The dashboard's shared pieces, one import for the pages. */
export * from './Link';
export * from './layout';
export * from './copy';
export * from './form';
export * from './hooks';
export * from './listing';
export * from './DailyChart';
export * from './ConfirmInline';
export * from './Meter';
