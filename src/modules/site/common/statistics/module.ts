/** The permission module of the visit statistics: client_service_modules rows, editor roles, admin/uprawnienia, the routes' module check. */
export const STATISTICS_MODULE = 'statistics';
