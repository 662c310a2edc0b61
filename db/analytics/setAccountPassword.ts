import type { Knex } from 'knex';

/** Sets the password and ends every session of the account, in one transaction. */
export async function setAccountPassword(db: Knex, accountId: string, passwordHash: string): Promise<void> {
  await db.transaction(async (trx) => {
    await trx('analytics_accounts').update({ password_hash: passwordHash }).where({ id: accountId });
    await trx('analytics_account_sessions').delete().where({ account_id: accountId });
  });
}
