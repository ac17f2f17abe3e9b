import './messages.js';

export * from './abilities.js';
export * from './accounts.js';
export * from './attachments.js';
export * from './constants.js';
export * from './errors.js';
export * from './forms.js';
export * from './layout-engine.js';
export * from './layouts.js';
export * from './licensing.js';
export * from './organizations.js';
export * from './policies.js';
export * from './schemas.js';
export * from './subjects.js';
export * from './templates.js';
