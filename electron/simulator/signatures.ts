// Thought signatures of the generate-content format: issued on replies with thinking, and checked
// when a later request replays those replies (wire-notes "Multi-turn state that must survive verbatim").
// As the service does: the signature of a function call is checked strictly (missing, altered or moved is
// refused), and so is an image part's altered signature (a missing one only draws a warning:
// formats/generate-image.ts); a text part's signature is not checked at all, so a client that joins a streamed reply's text
// and keeps the signature on the joined part, or leaves it out, goes on.
import { createHash, createHmac, randomBytes } from 'node:crypto';

export interface ReplayedPart {
  text?: unknown;
  thought?: unknown;
  thoughtSignature?: unknown;
  functionCall?: unknown;
  inlineData?: unknown;
}

function imageData(inline: unknown): string | undefined {
  if (typeof inline !== 'object' || inline === null) return undefined;
  const data = (inline as { data?: unknown }).data;
  return typeof data === 'string' ? data : undefined;
}

/** A function call as a key: its name, its arguments (keys sorted) and its id when it has one. */
function callKey(call: unknown): string | undefined {
  if (typeof call !== 'object' || call === null || Array.isArray(call)) return undefined;
  const { name, args, id } = call as { name?: unknown; args?: unknown; id?: unknown };
  if (typeof name !== 'string') return undefined;
  return JSON.stringify(['functionCall', name, canonical(args ?? {}), typeof id === 'string' ? id : null]);
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return entries.map(([k, v]) => [k, canonical(v)]);
}

// Bounded so a long-running sandbox does not grow without limit.
const MAX_REPLIES = 5000;

/** Adds `key` to a bounded set, dropping the oldest key past MAX_REPLIES. */
function remember(set: Set<string>, key: string): void {
  set.delete(key);
  set.add(key);
  if (set.size > MAX_REPLIES) {
    const oldest = set.values().next();
    if (!oldest.done) set.delete(oldest.value);
  }
}

export class SignatureBook {
  readonly #secret: Uint8Array;
  /** function calls (by callKey) issued with a signature, and those also issued without one */
  readonly #signedCalls = new Set<string>();
  readonly #unsignedCalls = new Set<string>();

  constructor(secret: Uint8Array = randomBytes(32)) {
    this.#secret = secret;
  }

  /**
   * The signature for the answer `replyText` whose part with text `partText` will carry it. Opaque to
   * clients and never checked on replay (the service does not check text-part signatures either).
   */
  sign(replyText: string, partText: string): string {
    return createHmac('sha256', this.#secret)
      .update(JSON.stringify([replyText, partText]))
      .digest('base64');
  }

  /** An opaque signature for a messages-format thinking block; those are not checked on replay. */
  signThinking(thinking: string): string {
    return createHmac('sha256', this.#secret)
      .update(JSON.stringify(['thinking', thinking]))
      .digest('base64');
  }

  /** The signature of an inlineData image part of a reply, bound to its bytes (checked on replay). */
  signImage(data: string): string {
    return this.#callMac(JSON.stringify(['image', createHash('sha256').update(data).digest('base64')]));
  }

  /**
   * Issues the signature the first functionCall part of a reply carries. A call has no text, so the
   * signature is bound to the call's name, arguments and id (unique to the reply).
   */
  signCall(call: { name: string; args: unknown; id?: string }): string {
    const key = callKey(call) ?? '';
    remember(this.#signedCalls, key);
    return this.#callMac(key);
  }

  /** A call issued without a signature (no thinking): a replay of it without one is not an error. */
  recordUnsignedCall(call: { name: string; args: unknown; id?: string }): void {
    remember(this.#unsignedCalls, callKey(call) ?? '');
  }

  /**
   * The first functionCall part of a replayed model turn, when it lacks the signature it was issued with
   * (the service's "Function call is missing a thought_signature"); undefined when the turn is fine.
   */
  unsignedCall(parts: readonly ReplayedPart[]): { name: string } | undefined {
    const part = parts.find((p) => p.functionCall !== undefined);
    if (part === undefined || part.thoughtSignature !== undefined) return undefined;
    const key = callKey(part.functionCall);
    if (key === undefined || !this.#signedCalls.has(key) || this.#unsignedCalls.has(key)) return undefined;
    return { name: (part.functionCall as { name: string }).name };
  }

  /**
   * Checks the signatures on the functionCall parts of one replayed model turn: each must be the one its
   * call was issued with (issued in this run, or with a kept secret in an earlier one). Returns why the turn
   * is refused, or null. Text parts are not checked, with or without a signature, wherever it sits.
   */
  checkModelTurn(parts: readonly ReplayedPart[]): string | null {
    for (const part of parts) {
      const image = imageData(part.inlineData);
      if (image !== undefined && part.thoughtSignature !== undefined) {
        if (part.thoughtSignature !== this.signImage(image)) {
          return 'Thought signature is not valid: send each image part back with its thoughtSignature unchanged.';
        }
        continue;
      }
      const call = callKey(part.functionCall);
      const sig = part.thoughtSignature;
      if (call === undefined || sig === undefined) continue;
      if (typeof sig !== 'string' || sig !== this.#callMac(call)) {
        return 'Thought signature is not valid: send each model part back with its thoughtSignature unchanged.';
      }
    }
    return null;
  }

  #callMac(key: string): string {
    return createHmac('sha256', this.#secret).update(key).digest('base64');
  }
}
