/** The database schema, one file per area of the product; drizzle-kit and the queries read it from here. */
export * from './accounts';
export * from './projects';
export * from './workspace';
export * from './audit';
export * from './team';
export * from './summary';
export * from './demand-box';
export * from './client-board';
export * from './contacts-chat';
export * from './admin';
export * from './money';
export * from './invoices';
export * from './purchase-orders';
export * from './fees';
export * from './time';
export * from './reviews';
export * from './portal';
