import { isSealed, open, seal, sealedKeyId, SecretUnreadableError, type Keyring } from "./envelope";

// Secret fields of a stored settings object (a destination's config, an app's settings): sealed on the way into
// the database, opened on the way out. Empty values (null, "") mean "not set" and stay as they are.

type Values = Record<string, unknown>;

const isSet = (value: unknown) => value !== undefined && value !== null && value !== "";

/** `values` with each field of `names` sealed (a value already sealed is kept as it is). */
export function sealFields(values: Values, names: Iterable<string>, keyring: Keyring): Values {
  const sealed = { ...values };
  for (const name of names) if (isSet(sealed[name]) && !isSealed(sealed[name])) sealed[name] = seal(sealed[name], name, keyring);
  return sealed;
}

/**
 * `values` with every sealed field opened. One that does not open (its key is not configured) stays sealed and
 * is reported through `onUnreadable`: the caller gets ciphertext, never an error for a whole list.
 */
export function openFields(values: Values, keyring: Keyring, onUnreadable: (error: SecretUnreadableError) => void): Values {
  const opened = { ...values };
  for (const [name, value] of Object.entries(values)) {
    if (!isSealed(value)) continue;
    try {
      opened[name] = open(value, name, keyring);
    } catch (error) {
      if (!(error instanceof SecretUnreadableError)) throw error;
      onUnreadable(error);
    }
  }
  return opened;
}

/**
 * The stored object rewritten so that every secret is sealed with the current key (one in clear is sealed, one
 * sealed with an older key is sealed again), or null when it already is.
 */
export function resealFields(values: Values, names: Iterable<string>, keyring: Keyring): Values | null {
  let changed = false;
  const resealed = { ...values };
  for (const [name, value] of Object.entries(values)) {
    if (!isSealed(value) || sealedKeyId(value) === keyring.current.id || !keyring.byId.has(sealedKeyId(value))) continue;
    resealed[name] = seal(open(value, name, keyring), name, keyring);
    changed = true;
  }
  for (const name of names) {
    if (!isSet(resealed[name]) || isSealed(resealed[name])) continue;
    resealed[name] = seal(resealed[name], name, keyring);
    changed = true;
  }
  return changed ? resealed : null;
}
