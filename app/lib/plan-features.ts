/**
 * A plan card lists the plan's limits from its fields (recordings, storage, file size, minutes);
 * features written as text often restate them ("50 registrazioni al mese", "File fino a 200 MB").
 * Those are left out of the features list, so the card says each limit once.
 */
const RESTATES_A_LIMIT = [/\bregistrazioni al mese\b/i, /^file fino a\b/i, /\bdi archivio\b/i, /\bdi audio al mese\b/i, /^registrazioni fino a\b/i];

export function featuresBeyondLimits<F extends string | { name: string; value?: string }>(features: F[]): F[] {
  return features.filter((f) => {
    const text = typeof f === "string" ? f : f.name;
    return !RESTATES_A_LIMIT.some((re) => re.test(text.trim()));
  });
}
