export const SERVICE_NAME = Symbol('SERVICE_NAME');
export const PLATFORM_SETTINGS = Symbol('PLATFORM_SETTINGS');
export const APP_LOGGER = Symbol('APP_LOGGER');
