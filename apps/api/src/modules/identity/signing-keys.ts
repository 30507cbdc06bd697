import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import { withTx, type Db } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import * as repo from './identity.repo.js';

const ALG = 'ES256';

type LoadedKey = { kid: string; privateKey: CryptoKey | null; publicKey: CryptoKey; publicJwk: JWK; active: boolean };

/**
 * The signing keys of identity tokens, kept in the database so every node
 * signs and verifies with the same set. The newest key signs; after rotation
 * the older ones stay in the JWKS until every token they signed has expired.
 */
export class SigningKeys {
  private keys = new Map<string, LoadedKey>();
  private loadedAt = 0;
  private loading: Promise<void> | null = null;

  constructor(private readonly deps: Deps) {}

  /** Creates the first key, or a new one when the active key is older than the rotation period. */
  async ensureActiveKey(): Promise<void> {
    const { db, clock, env } = this.deps;
    await withTx(db, async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(7319002)');
      const now = clock.now();
      const rows = await repo.listSigningKeys(tx);
      const active = rows.find((r) => !r.retired_at);
      const maxAgeMs = env.SIGNING_KEY_ROTATION_DAYS * 86_400_000;
      if (active && now.getTime() - active.created_at.getTime() < maxAgeMs) return;
      await this.createKey(tx, now);
    });
    await this.reload();
  }

  /** Makes a new key the signing key at once (an operator's rotation, or a suspected leak). */
  async rotate(): Promise<string> {
    const kid = await withTx(this.deps.db, async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(7319002)');
      return this.createKey(tx, this.deps.clock.now());
    });
    await this.reload();
    return kid;
  }

  private async createKey(tx: Parameters<typeof repo.insertSigningKey>[0], now: Date): Promise<string> {
    const { privateKey, publicKey } = await generateKeyPair(ALG, { extractable: true });
    const kid = randomUUID();
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: ALG, use: 'sig' };
    const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: ALG };
    await repo.insertSigningKey(tx, { kid, alg: ALG, privateJwk, publicJwk, now });
    // Old keys verify for one more token lifetime (and a margin for clock skew), then leave the JWKS.
    const graceMs = (this.deps.env.ID_TOKEN_TTL_SECONDS + 300) * 1000;
    await repo.retireSigningKeys(tx, kid, now, new Date(now.getTime() + graceMs));
    await repo.deleteExpiredSigningKeys(tx, now);
    return kid;
  }

  /** `db` is the caller's connection when it holds one (a transaction), so a reload never waits for a second. */
  async reload(db: Db = this.deps.db): Promise<void> {
    this.loading ??= (async () => {
      const rows = await repo.listSigningKeys(db);
      const next = new Map<string, LoadedKey>();
      for (const r of rows) {
        const cached = this.keys.get(r.kid);
        const active = !r.retired_at;
        if (cached) {
          next.set(r.kid, { ...cached, active });
          continue;
        }
        next.set(r.kid, {
          kid: r.kid,
          active,
          publicJwk: r.public_jwk as JWK,
          publicKey: (await importJWK(r.public_jwk as JWK, ALG)) as CryptoKey,
          privateKey: active ? ((await importJWK(r.private_jwk as JWK, ALG)) as CryptoKey) : null,
        });
      }
      this.keys = next;
      this.loadedAt = Date.now();
    })().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  async signingKey(db: Db = this.deps.db): Promise<{ kid: string; key: CryptoKey; alg: string }> {
    if (Date.now() - this.loadedAt > 60_000) await this.reload(db);
    const active = [...this.keys.values()].find((k) => k.active && k.privateKey);
    if (!active?.privateKey) throw new Error('no active signing key');
    return { kid: active.kid, key: active.privateKey, alg: ALG };
  }

  /** The public key for a kid; an unknown kid triggers one reload (another node may have rotated). */
  async verificationKey(kid: string): Promise<CryptoKey | null> {
    let key = this.keys.get(kid);
    if (!key && Date.now() - this.loadedAt > 1_000) {
      await this.reload();
      key = this.keys.get(kid);
    }
    return key?.publicKey ?? null;
  }

  async jwks(): Promise<{ keys: JWK[] }> {
    if (Date.now() - this.loadedAt > 60_000) await this.reload();
    return { keys: [...this.keys.values()].map((k) => k.publicJwk) };
  }
}
