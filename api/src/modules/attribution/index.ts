// The attribution module's front door: the UTM and referrer columns leads and sample requests share.
export { attributionColumns, attributionFromRow } from './attribution-columns';
