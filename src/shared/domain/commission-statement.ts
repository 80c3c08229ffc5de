/**
 * A deal's commission statement (docs/money.md, docs/decisions/0048-commission-statements.md): who gets what of
 * the fee, line by line, in whole agorot. Pure: the server gives it the plan and the VAT rate in force on the
 * deal's signing date and what the branch and the agents had by then in the year.
 *
 * Rates are basis points (1800 = 18%); amounts are integers in agorot.
 *
 * Order of lines: VAT → network royalty → referral → each agent's share (one line per tier the deal's amount
 * falls in) → the branch. The lines sum to the total the client pays, exactly.
 *
 * Rounding: VAT and the royalty are each rounded half up to the agora on their own (a tax invoice's VAT and the
 * franchise agreement's royalty are amounts owed outside the branch, fixed by their own rule). What remains, the
 * fee before VAT less the royalty, is split among the referral, the agents' lines and the branch by the largest
 * remainder: each line's exact share rounded down, and the agorot left over given one each to the lines with the
 * largest fractions (the earlier line first on a tie). Each of those lines is within one agora of its exact share.
 */

export const BP = 10_000;

export type SplitTier = {
  /** Where the tier starts: the agent's gross in the year (their part of fees before VAT), in agorot. */
  fromAgorot: number;
  /** The agent's part of their share in this tier, in basis points. */
  agentBp: number;
};

export type AgentSplit = { kind: 'fixed'; agentBp: number } | { kind: 'tiers'; tiers: SplitTier[] };

export type StatementAgent = {
  id: string;
  name: string;
  /** The agent's weight in the deal (e.g. their part of the commission in ₪); shares are weight / sum of weights. */
  weight: number;
  /** The agent's gross in the year before this deal, in agorot (for a graduated split). */
  grossBefore: number;
};

/** A deal's fee from one side, as typed: in agorot, with or without VAT in it. */
export type FeeSide = { side: 'buyer' | 'seller'; fee: number; includesVat: boolean };

export const FEE_SIDE_LABELS = { buyer: 'צד הקונה/השוכר', seller: 'צד המוכר/המשכיר' } as const;

export type StatementInput = {
  /** The fee as typed, in agorot (ignored when `sides` are given). */
  fee: number;
  /** Whether the typed fee already holds VAT. */
  feeIncludesVat: boolean;
  /** The fee per side of the deal, each typed with or without VAT: the fee is their sum. */
  sides?: FeeSide[];
  vatBp: number;
  royaltyBp: number;
  /** The branch's yearly cap on royalties, in agorot (null: none). */
  royaltyCap: number | null;
  /** Royalties the branch already owes the network this year, in agorot. */
  royaltyPaidBefore: number;
  /** A referral's fee (basis points of the fee before VAT) and whom it goes to. */
  referral: { bp: number; to: string } | null;
  agents: StatementAgent[];
  split: AgentSplit;
};

export type StatementLineKind = 'vat' | 'royalty' | 'referral' | 'agent' | 'branch';

export type StatementLine = {
  kind: StatementLineKind;
  /** Hebrew: whose line it is. */
  label: string;
  /** Hebrew: the rule that made it, with its numbers. */
  rule: string;
  amount: number;
  agentId?: string;
};

export type Statement = {
  /** What the client pays, VAT included, in agorot: the lines sum to it. */
  total: number;
  /** The fee before VAT: every line but VAT sums to it. */
  net: number;
  vatBp: number;
  lines: StatementLine[];
};

// --- exact fractions (BigInt), so no share is rounded twice ---

type Frac = { n: bigint; d: bigint };
const gcd = (a: bigint, b: bigint): bigint => {
  let [x, y] = [a < 0n ? -a : a, b < 0n ? -b : b];
  while (y) [x, y] = [y, x % y];
  return x || 1n;
};
const frac = (n: bigint, d = 1n): Frac => {
  const g = gcd(n, d);
  return d < 0n ? { n: -n / g, d: -d / g } : { n: n / g, d: d / g };
};
const int = (value: number) => frac(BigInt(value));
const add = (a: Frac, b: Frac) => frac(a.n * b.d + b.n * a.d, a.d * b.d);
const sub = (a: Frac, b: Frac) => frac(a.n * b.d - b.n * a.d, a.d * b.d);
const mul = (a: Frac, b: Frac) => frac(a.n * b.n, a.d * b.d);
const div = (a: Frac, b: Frac) => frac(a.n * b.d, a.d * b.n);
const cmp = (a: Frac, b: Frac) => {
  const x = a.n * b.d - b.n * a.d;
  return x < 0n ? -1 : x > 0n ? 1 : 0;
};
const min = (a: Frac, b: Frac) => (cmp(a, b) <= 0 ? a : b);
const max = (a: Frac, b: Frac) => (cmp(a, b) >= 0 ? a : b);
/** Rounded down (towards minus infinity: BigInt division truncates towards zero). */
const floor = (a: Frac) => (a.n >= 0n ? a.n / a.d : -((-a.n + a.d - 1n) / a.d));
/** Rounded half up to a whole agora. */
const roundHalfUp = (a: Frac) => Number((2n * a.n + a.d) / (2n * a.d));
const bp = (value: number) => frac(BigInt(value), BigInt(BP));

// --- Hebrew numbers ---

const shekels = new Intl.NumberFormat('he-IL', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** 1234567 agorot → "12,345.67 ₪". */
export const formatAgorot = (agorot: number) => `${shekels.format(agorot / 100)} ₪`;
/** 1750 → "17.5%". */
export const formatBp = (value: number) => `${Number((value / 100).toFixed(2))}%`;
const formatFrac = (a: Frac) => formatAgorot(roundHalfUp(a));

export const STATEMENT_LABELS = {
  vat: 'מע"מ',
  royalty: 'תמלוגים לרשת',
  referral: 'עמלת הפניה',
  branch: 'חלק הסניף',
} as const;

/** The royalty of one deal: its percent of the fee before VAT, rounded half up, within what the cap leaves. */
export function royaltyOf(net: number, royaltyBp: number, cap: number | null, paidBefore: number): number {
  const uncapped = roundHalfUp(mul(int(net), bp(royaltyBp)));
  return cap === null ? uncapped : Math.max(0, Math.min(uncapped, cap - paidBefore));
}

/**
 * VAT of a fee: on top of it (the fee × the rate, rounded half up), or the part of it that is VAT (the fee before
 * VAT is the fee / (1 + the rate), rounded half up to the agora, and VAT is the rest, so the two sum to the fee).
 */
export function vatOf(fee: number, feeIncludesVat: boolean, vatBp: number): { net: number; vat: number } {
  if (!feeIncludesVat) return { net: fee, vat: roundHalfUp(mul(int(fee), bp(vatBp))) };
  const net = roundHalfUp(div(mul(int(fee), int(BP)), int(BP + vatBp)));
  return { net, vat: fee - net };
}

/** The fee before VAT and the VAT of a deal's sides: each side on its own (as its invoice says), then summed. */
export function vatOfSides(sides: FeeSide[], vatBp: number): { net: number; vat: number } {
  return sides.reduce(
    (sum, side) => {
      const { net, vat } = vatOf(side.fee, side.includesVat, vatBp);
      return { net: sum.net + net, vat: sum.vat + vat };
    },
    { net: 0, vat: 0 },
  );
}

const ROUNDING_NOTE = 'מעוגל לאגורה, חצי אגורה כלפי מעלה';

/** The VAT line's rule: per side, on top of the fee or held in it (and how its fee before VAT was derived). */
function vatRule(input: StatementInput, net: number, total: number) {
  const rate = formatBp(input.vatBp);
  const divisor = `${Number((1 + input.vatBp / BP).toFixed(4))}`;
  const one = (fee: number, includesVat: boolean, feeNet: number) =>
    includesVat
      ? `${rate} הכלולים בעמלה של ${formatAgorot(fee)}: לפני מע"מ ${formatAgorot(fee)} / ${divisor} = ${formatAgorot(feeNet)} (${ROUNDING_NOTE})`
      : `${rate} על עמלה של ${formatAgorot(fee)} לפני מע"מ (${ROUNDING_NOTE})`;
  if (!input.sides) return one(input.feeIncludesVat ? total : net, input.feeIncludesVat, net);
  return input.sides
    .map(
      (s) =>
        `${FEE_SIDE_LABELS[s.side]}: ${one(s.fee, s.includesVat, vatOf(s.fee, s.includesVat, input.vatBp).net)}`,
    )
    .join('; ');
}

function check(input: StatementInput) {
  const whole = (v: number) => Number.isSafeInteger(v) && v >= 0;
  if (!whole(input.fee) || !whole(input.royaltyPaidBefore)) throw new RangeError('amounts are whole agorot');
  if (input.sides?.some((s) => !whole(s.fee))) throw new RangeError('amounts are whole agorot');
  if (input.royaltyCap !== null && !whole(input.royaltyCap)) throw new RangeError('the cap is whole agorot');
  const rates = [input.vatBp, input.royaltyBp, input.referral?.bp ?? 0];
  if (input.split.kind === 'fixed') rates.push(input.split.agentBp);
  else rates.push(...input.split.tiers.map((t) => t.agentBp));
  if (rates.some((r) => !Number.isInteger(r) || r < 0 || r > BP))
    throw new RangeError('rates are 0-10000 bp');
  if (input.royaltyBp + (input.referral?.bp ?? 0) > BP)
    throw new RangeError('royalty and referral over 100%');
  if (input.agents.length === 0) throw new RangeError('a deal has an agent');
  if (input.agents.some((a) => !whole(a.weight) || !whole(a.grossBefore)))
    throw new RangeError('agent weights');
  if (input.split.kind === 'tiers' && input.split.tiers.length === 0) throw new RangeError('tiers are empty');
}

type Exact = Omit<StatementLine, 'amount'> & { exact: Frac };

/** The agent's lines: their share of what is left to split, at the fixed rate or tier by tier. */
function agentLines(input: StatementInput, net: Frac, distributable: Frac): Exact[] {
  const totalWeight = input.agents.reduce((sum, a) => sum + a.weight, 0);
  const lines: Exact[] = [];
  for (const agent of input.agents) {
    // Weights of zero everywhere: the deal is shared equally.
    const share =
      totalWeight === 0
        ? frac(1n, BigInt(input.agents.length))
        : frac(BigInt(agent.weight), BigInt(totalWeight));
    const credit = mul(distributable, share);
    const gross = mul(net, share);
    const shareText = input.agents.length > 1 ? `חלק של ${formatShare(share)} בעסקה; ` : '';
    const base = { kind: 'agent' as const, label: agent.name, agentId: agent.id };
    if (input.split.kind === 'fixed') {
      const rate = input.split.agentBp;
      lines.push({
        ...base,
        rule: `${shareText}${formatBp(rate)} מ-${formatFrac(credit)} שנותרו לחלוקה`,
        exact: mul(credit, bp(rate)),
      });
      continue;
    }
    for (const piece of tierPieces(input.split.tiers, agent.grossBefore, gross)) {
      // The part of the agent's credit that falls in this tier, in the proportion of the gross it covers.
      const part = gross.n === 0n ? credit : mul(credit, div(piece.amount, gross));
      lines.push({
        ...base,
        rule: `${shareText}מדרגה מ-${formatAgorot(piece.tier.fromAgorot)} במחזור השנתי: ${formatBp(piece.tier.agentBp)} מ-${formatFrac(part)}`,
        exact: mul(part, bp(piece.tier.agentBp)),
      });
    }
  }
  return lines;
}

const formatShare = (share: Frac) => {
  const percent = Number((share.n * 10_000n) / share.d) / 100;
  return `${Number(percent.toFixed(2))}%`;
};

/**
 * The tiers an agent's gross of this deal falls in, starting from their gross in the year before it: a deal that
 * crosses a tier's start is split there (the part below at the lower rate, the rest at the higher).
 */
function tierPieces(tiers: SplitTier[], before: number, gross: Frac) {
  const sorted = [...tiers].sort((a, b) => a.fromAgorot - b.fromAgorot);
  const start = int(before);
  const end = add(start, gross);
  const pieces: { tier: SplitTier; amount: Frac }[] = [];
  sorted.forEach((tier, i) => {
    // The first tier holds everything below the next one's start, whatever its own start says.
    const from = i === 0 ? int(0) : int(tier.fromAgorot);
    const next = sorted[i + 1];
    const lo = max(start, from);
    const hi = next ? min(end, int(next.fromAgorot)) : end;
    if (cmp(hi, lo) > 0) pieces.push({ tier, amount: sub(hi, lo) });
  });
  // A deal of no gross still names the tier the agent is in.
  if (pieces.length === 0) {
    const current = sorted.filter((t, i) => i === 0 || t.fromAgorot <= before).at(-1) ?? sorted[0];
    if (current) pieces.push({ tier: current, amount: int(0) });
  }
  return pieces;
}

/** Largest remainder: floors, then the agorot left over one each to the largest fractions (earlier first). */
function apportion(lines: Exact[], target: number): StatementLine[] {
  const floors = lines.map((l) => floor(l.exact));
  let left = BigInt(target) - floors.reduce((a, b) => a + b, 0n);
  const order = lines
    .map((l, i) => ({ i, rest: sub(l.exact, int(Number(floors[i]))) }))
    .sort((a, b) => cmp(b.rest, a.rest) || a.i - b.i);
  const bonus = new Set<number>();
  for (const { i } of order) {
    if (left <= 0n) break;
    bonus.add(i);
    left -= 1n;
  }
  return lines.map(({ exact: _, ...line }, i) => ({
    ...line,
    amount: Number(floors[i] ?? 0n) + (bonus.has(i) ? 1 : 0),
  }));
}

/** The statement of one deal. Throws RangeError on input no plan can give (rates over 100%, fractions of agorot). */
export function commissionStatement(input: StatementInput): Statement {
  check(input);
  const { net, vat } = input.sides
    ? vatOfSides(input.sides, input.vatBp)
    : vatOf(input.fee, input.feeIncludesVat, input.vatBp);
  const total = net + vat;
  const royalty = royaltyOf(net, input.royaltyBp, input.royaltyCap, input.royaltyPaidBefore);
  const lines: StatementLine[] = [
    {
      kind: 'vat',
      label: STATEMENT_LABELS.vat,
      rule: vatRule(input, net, total),
      amount: vat,
    },
    {
      kind: 'royalty',
      label: STATEMENT_LABELS.royalty,
      rule: royaltyRule(input, net, royalty),
      amount: royalty,
    },
  ];
  const netFrac = int(net);
  const rest: Exact[] = [];
  let distributable = sub(netFrac, int(royalty));
  if (input.referral) {
    const exact = mul(netFrac, bp(input.referral.bp));
    rest.push({
      kind: 'referral',
      label: `${STATEMENT_LABELS.referral}: ${input.referral.to}`,
      rule: `${formatBp(input.referral.bp)} מהעמלה לפני מע"מ (${formatAgorot(net)})`,
      exact,
    });
    distributable = sub(distributable, exact);
  }
  const agents = agentLines(input, netFrac, distributable);
  rest.push(...agents);
  const branch = agents.reduce((left, line) => sub(left, line.exact), distributable);
  rest.push({
    kind: 'branch',
    label: STATEMENT_LABELS.branch,
    rule: `היתרה: ${formatFrac(distributable)} שנותרו לחלוקה פחות חלקי הסוכנים`,
    exact: branch,
  });
  lines.push(...apportion(rest, net - royalty));
  return { total, net, vatBp: input.vatBp, lines };
}

function royaltyRule(input: StatementInput, net: number, royalty: number) {
  const base = `${formatBp(input.royaltyBp)} מהעמלה לפני מע"מ (${formatAgorot(net)})`;
  if (input.royaltyCap === null) return base;
  const uncapped = royaltyOf(net, input.royaltyBp, null, 0);
  if (royalty === uncapped) return `${base}; תקרה שנתית ${formatAgorot(input.royaltyCap)}`;
  return `${base}, עד התקרה השנתית של ${formatAgorot(input.royaltyCap)} (שולמו השנה ${formatAgorot(input.royaltyPaidBefore)})`;
}
