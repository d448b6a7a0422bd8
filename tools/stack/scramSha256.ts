import { Buffer } from "node:buffer";
import { createHash, createHmac, pbkdf2Sync, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * SCRAM-SHA-256 (RFC 5802, RFC 7677), the password exchange Postgres uses by default: the password
 * never crosses the wire, and each side proves it knows it. Both halves live here so the server
 * and the tests' bare-socket client share one implementation. Channel binding is not offered.
 */
export const scramMechanism = "SCRAM-SHA-256";

/** Postgres's default scram_iterations. */
const iterations = 4096;

function hmac(key: Buffer, text: string): Buffer {
  return createHmac("sha256", key).update(text).digest();
}

function sha256(data: Buffer): Buffer {
  return createHash("sha256").update(data).digest();
}

function xor(a: Buffer, b: Buffer): Buffer {
  return Buffer.from(a.map((byte, i) => byte ^ (b[i] ?? 0)));
}

interface ScramKeys {
  salt: Buffer;
  iterations: number;
  clientKey: Buffer;
  storedKey: Buffer;
  serverKey: Buffer;
}

function deriveKeys(password: string, salt: Buffer, rounds: number): ScramKeys {
  const salted = pbkdf2Sync(password, salt, rounds, 32, "sha256");
  const clientKey = hmac(salted, "Client Key");
  return {
    salt,
    iterations: rounds,
    clientKey,
    storedKey: sha256(clientKey),
    serverKey: hmac(salted, "Server Key"),
  };
}

/** The comma-separated `k=value` attributes of a SCRAM message, in order. */
function attributes(message: string): Array<[string, string]> {
  return message.split(",").map((part) => [part.slice(0, 1), part.slice(2)]);
}

/** A failed exchange: the server answers FATAL 28P01, as Postgres does for a wrong password. */
export class ScramFailure extends Error {
  override name = "ScramFailure";
}

/**
 * The server's side for one password: the keys are derived once, and each connection runs its own
 * exchange of two steps.
 */
export function scramVerifier(password: string) {
  const keys = deriveKeys(password, randomBytes(16), iterations);

  return function startExchange() {
    let expected: { nonce: string; clientFirstBare: string; serverFirst: string; gs2: string };
    return {
      /** The client's first message in, the server's first message out. */
      first(clientFirst: string): string {
        const match = /^([ny]),,(.*)$/s.exec(clientFirst);
        if (!match) throw new ScramFailure("channel binding is not supported");
        const clientFirstBare = match[2] ?? "";
        const [user, nonce, ...extensions] = attributes(clientFirstBare);
        if (user?.[0] !== "n" || nonce?.[0] !== "r" || !nonce[1] || extensions.length > 0) {
          throw new ScramFailure("malformed SCRAM client-first-message");
        }
        const combined = nonce[1] + randomBytes(18).toString("base64");
        const serverFirst = `r=${combined},s=${keys.salt.toString("base64")},i=${keys.iterations}`;
        expected = { nonce: combined, clientFirstBare, serverFirst, gs2: `${match[1]},,` };
        return serverFirst;
      },
      /** The client's proof in, the server's signature out; throws unless the proof is right. */
      final(clientFinal: string): string {
        if (!expected) throw new ScramFailure("SCRAM messages out of order");
        const proofAt = clientFinal.lastIndexOf(",p=");
        const withoutProof = clientFinal.slice(0, proofAt);
        const [binding, nonce] = attributes(withoutProof);
        if (
          proofAt < 0 ||
          binding?.join("=") !== `c=${Buffer.from(expected.gs2).toString("base64")}` ||
          nonce?.join("=") !== `r=${expected.nonce}`
        ) {
          throw new ScramFailure("malformed SCRAM client-final-message");
        }
        const proof = Buffer.from(clientFinal.slice(proofAt + 3), "base64");
        const authMessage = `${expected.clientFirstBare},${expected.serverFirst},${withoutProof}`;
        const clientKey = xor(proof, hmac(keys.storedKey, authMessage));
        const stored = sha256(clientKey);
        if (proof.length !== 32 || !timingSafeEqual(stored, keys.storedKey)) {
          throw new ScramFailure("wrong password");
        }
        return `v=${hmac(keys.serverKey, authMessage).toString("base64")}`;
      },
    };
  };
}

/** The client's side: its first message, then its proof for the server's first message. */
export function scramClient(password: string) {
  const clientFirstBare = `n=*,r=${randomBytes(18).toString("base64")}`;
  return {
    first: `n,,${clientFirstBare}`,
    final(serverFirst: string): string {
      const values = new Map(attributes(serverFirst));
      const keys = deriveKeys(
        password,
        Buffer.from(values.get("s") ?? "", "base64"),
        Number(values.get("i")),
      );
      const withoutProof = `c=biws,r=${values.get("r")}`;
      const authMessage = `${clientFirstBare},${serverFirst},${withoutProof}`;
      const proof = xor(keys.clientKey, hmac(keys.storedKey, authMessage));
      return `${withoutProof},p=${proof.toString("base64")}`;
    },
  };
}
