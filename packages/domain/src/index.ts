import './messages.js';

export * from './abilities.js';
export * from './accounts.js';
export * from './attachments.js';
export * from './constants.js';
export * from './duplicates.js';
export * from './errors.js';
export * from './exports.js';
export * from './forms.js';
export * from './grades.js';
export * from './licensing.js';
export * from './organizations.js';
export * from './policies.js';
export * from './roster.js';
export * from './schemas.js';
export * from './selection.js';
export * from './subjects.js';
export * from './templates.js';
