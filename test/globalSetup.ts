// Placeholder until the database harness lands: tests that need PostgreSQL read DATABASE_URL.
export default async function setup(): Promise<void> {}
