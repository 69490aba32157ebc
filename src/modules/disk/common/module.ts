/** The permission module of the file disk: client_service_modules rows, editor roles, admin/uprawnienia, the routes' module check. */
export const DISK_MODULE = 'files';
