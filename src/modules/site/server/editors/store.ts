import type { FastifyInstance } from 'fastify';
import { generateTemporaryPassword, hashPassword } from '../../../../server/platform/auth/passwords';
import { hashOpaqueToken, newOpaqueToken } from '../../../../server/platform/auth/tokens';
import type { Queryable } from '../../../../server/platform/db';
import { assertValidForm, httpError, t } from '../../../../server/platform/http/errors';
import { SERVICE_KINDS } from '../../../../server/schema/flags';
import { likePattern, type Owner, type RecordStore, type StoredRecord } from '../../../../server/schema/storage';

/** How long the activation link of a new editor's account works (the password reminder's machinery). */
export const ACTIVATION_TTL_SECONDS = 7 * 24 * 3600;
/** SPEC 6: an editor's page (read, edit) exists only in a site or a service. */
const EDITABLE_KINDS = SERVICE_KINDS.site_or_service;
/** What a list may be sorted by, as SQL. */
const SORT_COLUMNS: Record<string, string> = { email: 'lower(u.email)', role_id: 'csu.role_id', id: 'u.id' };

interface EditorRow {
  id: number;
  email: string;
  role_id: string | number | null;
  created_at: unknown;
  updated_at: unknown;
  total?: string | number;
}

interface Invitation {
  to: string;
  username: string;
  code: string;
  serviceId: number;
}

const isoTime = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

function toRecord(row: EditorRow): StoredRecord {
  return {
    id: Number(row.id),
    values: { email: row.email, role_id: row.role_id === null ? null : Number(row.role_id) },
    files: {},
    created_at: isoTime(row.created_at),
    updated_at: isoTime(row.updated_at),
  };
}

const COLUMNS = 'u.id, u.email, csu.role_id, csu.created_at, csu.updated_at';
/** A service's editors: its users who are not its site admin. */
const EDITORS = 'client_service_users csu JOIN users u ON u.id = csu.user_id WHERE csu.client_service_id = $1 AND NOT csu.is_admin';

/**
 * The editors of a service (SPEC 6) kept where access is decided: a record is a panel user given the
 * service (client_service_users, not its site admin) with a role. Adding an e-mail links the account
 * that has it, or creates one and, once the write committed, e-mails an activation link (a password
 * reminder valid ACTIVATION_TTL_SECONDS: opening it sends a temporary password, and the first sign-in
 * asks for a new one). Removing an editor deletes the service's membership, which ends their access
 * at the next call (the access cache hears of it through migration 062's notification).
 */
export function editorStore(app: FastifyInstance): RecordStore {
  const invitations = new WeakMap<Queryable, Invitation[]>();

  const one = async (db: Queryable, owner: Owner, id: number, onlyEditableKinds: boolean) => {
    const kind = onlyEditableKinds ? 'AND EXISTS (SELECT 1 FROM client_services cs WHERE cs.id = $1 AND cs.kind_id = ANY($3::int[]))' : '';
    const { rows } = await db.query<EditorRow>(
      `SELECT ${COLUMNS} FROM ${EDITORS} AND u.id = $2 ${kind}`,
      onlyEditableKinds ? [owner.serviceId, id, EDITABLE_KINDS] : [owner.serviceId, id],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  };

  /** The account an e-mail names (its login or its address), or a new one waiting for activation. */
  const accountOf = async (tx: Queryable, email: string, serviceId: number): Promise<number> => {
    const { rows } = await tx.query<{ id: number }>(
      `SELECT id FROM users WHERE lower(username) = lower($1) OR lower(email) = lower($1)
        ORDER BY lower(username) = lower($1) DESC, id LIMIT 1`,
      [email],
    );
    if (rows[0]) return rows[0].id;
    const username = email.toLowerCase();
    // Nobody knows this password: the account is used only after the activation link set another.
    const passwordHash = await hashPassword(generateTemporaryPassword());
    const created = await tx.query<{ id: number }>(
      `INSERT INTO users (username, password_hash, email, is_password_valid) VALUES ($1, $2, $3, FALSE) RETURNING id`,
      [username, passwordHash, email],
    );
    const userId = created.rows[0].id;
    const code = newOpaqueToken(24);
    await tx.query(
      `INSERT INTO password_reminders (user_id, code_hash, expires_at) VALUES ($1, $2, now() + $3::int * interval '1 second')`,
      [userId, hashOpaqueToken(code), ACTIVATION_TTL_SECONDS],
    );
    invitations.get(tx)?.push({ to: email, username, code, serviceId });
    return userId;
  };

  const invite = async (invitation: Invitation) => {
    const panelUrl = app.ctx.config.publicUrl.replace(/\/+$/, '');
    const { rows } = await app.ctx.db.query<{ name: string }>('SELECT name FROM client_services WHERE id = $1', [invitation.serviceId]);
    const link = `${panelUrl}/logowanie/przypomnij_haslo/aktywuj/${encodeURIComponent(invitation.username)}/${invitation.code}`;
    try {
      await app.ctx.mailer.send({
        to: invitation.to,
        subject: t('app.editors.mail.activation_subject'),
        text: t('app.editors.mail.activation_text', { username: invitation.username, service: rows[0]?.name ?? '', link }),
      });
    } catch (error) {
      // The editor is added; the administrator may remove and add them again to send another link.
      app.log.error({ err: error, serviceId: invitation.serviceId }, 'editor activation e-mail not sent');
    }
  };

  return {
    maxId: 2_147_483_647,
    // Nothing cached: the memberships are read from their tables on every call.
    changedMany: async () => {},
    async transaction(db, write) {
      const pending: Invitation[] = [];
      const result = await db.transaction(async (tx) => {
        invitations.set(tx, pending);
        try {
          return await write(tx);
        } finally {
          invitations.delete(tx);
        }
      });
      for (const invitation of pending) await invite(invitation);
      return result;
    },
    async list(db, owner, query) {
      const params: unknown[] = [owner.serviceId];
      const search = query.search ? `AND lower(u.email) LIKE $${params.push(likePattern(query.search))}` : '';
      const order = `${SORT_COLUMNS[query.sort.field] ?? SORT_COLUMNS.email} ${query.sort.order}, u.id ${query.sort.order}`;
      const { rows } = await db.query<EditorRow>(
        `SELECT ${COLUMNS}, count(*) OVER () AS total FROM ${EDITORS} ${search}
          ORDER BY ${order} LIMIT ${query.perPage} OFFSET ${(query.page - 1) * query.perPage}`,
        params,
      );
      const total = rows.length
        ? Number(rows[0].total)
        : Number((await db.query<{ total: number }>(`SELECT count(*) AS total FROM ${EDITORS} ${search}`, params)).rows[0].total);
      return { rows: rows.map(toRecord), total };
    },
    get: (db, owner, id) => one(db, owner, id, true),
    first: async () => null,
    async insert(db, owner, values) {
      const serviceId = owner.serviceId!;
      const userId = await accountOf(db, String(values.email).trim(), serviceId);
      const { rows } = await db.query(
        `INSERT INTO client_service_users (client_service_id, user_id, is_admin, role_id) VALUES ($1, $2, FALSE, $3)
         ON CONFLICT DO NOTHING RETURNING user_id`,
        [serviceId, userId, values.role_id],
      );
      if (rows.length === 0) throw httpError(409, 'errors.editors.already_member');
      return (await one(db, owner, userId, false))!;
    },
    async update(db, owner, id, values) {
      const existing = await one(db, owner, id, true);
      if (!existing) return null;
      // The address names the editor's own account, which only its owner changes.
      if (String(values.email).trim().toLowerCase() !== String(existing.values.email).toLowerCase()) {
        assertValidForm({ email: 'validation.editors.email_fixed' });
      }
      await db.query('UPDATE client_service_users SET role_id = $3, updated_at = now() WHERE client_service_id = $1 AND user_id = $2 AND NOT is_admin', [
        owner.serviceId,
        id,
        values.role_id,
      ]);
      return one(db, owner, id, true);
    },
    async remove(db, owner, id) {
      const existing = await one(db, owner, id, false);
      if (!existing) return null;
      await db.query('DELETE FROM client_service_users WHERE client_service_id = $1 AND user_id = $2 AND NOT is_admin', [owner.serviceId, id]);
      return existing;
    },
    conflicts: async () => false,
    markRead: async () => undefined,
    reorder: async () => false,
  };
}
