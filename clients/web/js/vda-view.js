// What the vda projection says about who acts now: the first group of the current
// sequence's step with someone who has not yet declared or acted.

export function vdaActing(system) {
  const seq = system?.sequence;
  if (!seq) return [];
  const done = {
    declare: (c) => c in (seq.declared || {}) || c in (seq.sealed || {}),
    physical: (c) => (seq.done_physical || []).includes(c),
    power: (c) => (seq.done_power || []).includes(c),
  }[seq.step];
  if (seq.acting?.length) return seq.acting;
  if (!done) return [];
  const groups = seq.step === "declare" ? seq.declaring : seq.resolving;
  const group = (groups || []).find((g) => g.some((c) => !done(c)));
  return group ? group.filter((c) => !done(c)) : [];
}

/** VDA-INIT-04: `cid`'s declaration, sealed until every one of its tied group has
 * declared, and the others of that group not yet revealed; null when this viewer sees
 * no sealed declaration of `cid` (only its author and the GM see one). */
export function vdaSealed(system, cid) {
  const seq = system?.sequence;
  const sealed = seq?.sealed?.[cid];
  if (!sealed) return null;
  const group = (seq.declaring || []).find((g) => g.includes(cid)) || [];
  const revealed = seq.declared || {};
  return { action: sealed.action, others: group.filter((c) => c !== cid && !(c in revealed) && !(c in seq.sealed)) };
}
