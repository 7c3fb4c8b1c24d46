// The one contract module both sides import (never copied): enumerations, request schemas, response shapes.
export * from './constants';
export * from './email';
export * from './fields';
export * from './public-forms';
export * from './schemas';
export * from './entities';
export * from './validation';
export * from './csv';
export * from './privacy';
export * from './live';
export * from './notifications';
export * from './mail';
export * from './lead-work';
