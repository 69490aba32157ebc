/** The demo password the end-to-end and benchmark servers are seeded with (PANEL_DEMO_PASSWORD). */
export const E2E_PASSWORD = 'E2e-Haslo-Testowe-2026!';
