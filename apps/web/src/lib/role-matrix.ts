/** The contract's role matrix, for the route guards that load it when first needed. */
export { can } from '@ishuri/contract';
