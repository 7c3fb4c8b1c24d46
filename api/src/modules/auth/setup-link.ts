// STUB (replaced by the auth work): prints the one-time first-admin setup link when no account exists.
import type { AppDeps } from '../../deps';

export async function announceSetupLink(_deps: AppDeps, _baseUrl: string): Promise<void> {}
