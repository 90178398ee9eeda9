export * from './countries.js';
export * from './match-country.js';
export * from './scale.js';
