-- Newsletter templates are laid out in layouts (module 'layouts', konfiguracja/wyglad): every service
-- and user that has the templates module gets the layouts module too, so that a template's layout
-- can be chosen where the templates already were. New services get it from their module list.
INSERT INTO client_service_modules (client_service_id, module)
SELECT client_service_id, 'layouts' FROM client_service_modules WHERE module = 'templates'
ON CONFLICT DO NOTHING;

INSERT INTO client_service_user_modules (client_service_id, user_id, module)
SELECT client_service_id, user_id, 'layouts' FROM client_service_user_modules WHERE module = 'templates'
ON CONFLICT DO NOTHING;
