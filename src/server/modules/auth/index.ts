import type { FastifyPluginAsync } from 'fastify';
import { authenticationRoutes } from './authentication';
import { passwordReminderRoutes } from './password-reminder';
import { userPasswordRoutes } from './user-password';

/** Authentication, sessions and passwords. */
export const authModule: FastifyPluginAsync = async (app) => {
  await app.register(authenticationRoutes);
  await app.register(passwordReminderRoutes);
  await app.register(userPasswordRoutes);
};
