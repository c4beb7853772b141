export * from './brand-defaults';
export * from './brand-events';
export * from './directory-events';
export * from './catalogue-messages';
export * from './listing-events';
export * from './payable-item-events';
export * from './rich-text';
export * from './upload-events';
