/** SQL condition: regulation r is in force now (started, not ended). */
export const REGULATION_IN_FORCE = 'r.valid_from <= now() AND (r.valid_to IS NULL OR r.valid_to > now())';

/** SQL expression: the user $1 has accepted every regulation in force. */
export const ACCEPTED_ALL_REGULATIONS = `NOT EXISTS (
  SELECT 1 FROM regulations r
   WHERE ${REGULATION_IN_FORCE}
     AND NOT EXISTS (SELECT 1 FROM regulation_acceptances a WHERE a.regulation_id = r.id AND a.user_id = $1))`;
