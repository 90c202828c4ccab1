// Python values, as PyYAML hands them to Hermes, and the few Python operations Hermes applies to them:
// `str()`/`repr()`, truthiness, `==`, dict keys, `len()` and slicing by code point, `str.strip()`, and
// `json.dumps()` (skill_view and skills_list answer in JSON, and a value JSON cannot encode makes the
// tool fail). Hermes prints frontmatter values with `str()` in its index, so `yes` shows as `True`, `1.10`
// as `1.1` and a list as `['a', 'b']`; every such detail is reproduced here.

export type PyValue = null | boolean | string | PyInt | PyFloat | PyList | PyTuple | PyDict | PySet | PyDate | PyDateTime | PyBytes;

/** A Python `int` (arbitrary precision). */
export class PyInt {
  constructor(readonly value: bigint) {}
}

/** A Python `float`. */
export class PyFloat {
  constructor(readonly value: number) {}
}

/** A Python `list`. Mutable so a recursive YAML structure (`&a [*a]`) can point at itself, as in PyYAML. */
export class PyList {
  constructor(readonly items: PyValue[] = []) {}
}

/** A Python `tuple` (PyYAML builds `!!omap` and `!!pairs` as lists of tuples). */
export class PyTuple {
  constructor(readonly items: PyValue[]) {}
}

/** A Python `set` (`!!set`). Python orders a set by hash; we keep insertion order, which matches for the
 *  small ints and is the best we can do for strings (Python randomises string hashes per process). */
export class PySet {
  constructor(readonly items: PyValue[] = []) {}
}

export class PyBytes {
  constructor(readonly bytes: Uint8Array) {}
}

/** `datetime.date`. */
export class PyDate {
  constructor(
    readonly year: number,
    readonly month: number,
    readonly day: number,
  ) {}
}

/** `datetime.datetime`; `tzMinutes` null for a naive one. */
export class PyDateTime {
  constructor(
    readonly year: number,
    readonly month: number,
    readonly day: number,
    readonly hour: number,
    readonly minute: number,
    readonly second: number,
    readonly microsecond: number,
    readonly tzMinutes: number | null,
  ) {}
}

/** A Python exception raised by one of these operations; `type` and `message` read as Python prints them
 *  (`TypeError: 'bool' object is not iterable`). */
export class PyError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
  get pyText(): string {
    return `${this.type}: ${this.message}`;
  }
}

/** A Python `dict`: insertion-ordered, keys compared as Python does (`1`, `1.0` and `True` are one key;
 *  assigning to an existing key keeps its first position and its first key object). */
export class PyDict {
  readonly keys: PyValue[] = [];
  readonly values: PyValue[] = [];
  private readonly index = new Map<string, number>();

  get size(): number {
    return this.keys.length;
  }

  set(key: PyValue, value: PyValue): void {
    const h = hashKey(key);
    const at = this.index.get(h);
    if (at !== undefined) {
      this.values[at] = value;
      return;
    }
    this.index.set(h, this.keys.length);
    this.keys.push(key);
    this.values.push(value);
  }

  has(key: PyValue): boolean {
    return this.index.has(hashKey(key));
  }

  /** `d.get(key, fallback)`. */
  get(key: PyValue, fallback: PyValue | undefined = undefined): PyValue | undefined {
    const at = this.index.get(hashKey(key));
    return at === undefined ? fallback : this.values[at];
  }

  entries(): [PyValue, PyValue][] {
    return this.keys.map((k, i) => [k, this.values[i] ?? null]);
  }
}

// ── type names, truthiness, hashing, equality ──────────────────────────────────────────────────────────

/** `type(v).__name__` as Python error messages print it. */
export function pyTypeName(v: PyValue): string {
  if (v === null) return 'NoneType';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'string') return 'str';
  if (v instanceof PyInt) return 'int';
  if (v instanceof PyFloat) return 'float';
  if (v instanceof PyList) return 'list';
  if (v instanceof PyTuple) return 'tuple';
  if (v instanceof PyDict) return 'dict';
  if (v instanceof PySet) return 'set';
  if (v instanceof PyBytes) return 'bytes';
  if (v instanceof PyDate) return 'date';
  return 'datetime';
}

/** The qualified name Python uses in "'X' object is not iterable" (`datetime.date` rather than `date`). */
export function pyQualName(v: PyValue): string {
  if (v instanceof PyDate) return 'datetime.date';
  if (v instanceof PyDateTime) return 'datetime.datetime';
  return pyTypeName(v);
}

export function isStr(v: PyValue | undefined): v is string {
  return typeof v === 'string';
}

/** Python truthiness (`if value:`). */
export function pyTruthy(v: PyValue | undefined): boolean {
  if (v === undefined || v === null) return false;
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string') return v.length > 0;
  if (v instanceof PyInt) return v.value !== 0n;
  if (v instanceof PyFloat) return v.value !== 0;
  if (v instanceof PyList || v instanceof PyTuple || v instanceof PySet) return v.items.length > 0;
  if (v instanceof PyDict) return v.size > 0;
  if (v instanceof PyBytes) return v.bytes.length > 0;
  return true;
}

let nanCounter = 0;

/** A string equal for exactly the keys Python treats as one dict key; throws `TypeError: unhashable type`
 *  for lists, dicts and sets, as Python does. */
export function hashKey(v: PyValue): string {
  if (v === null) return 'N';
  if (typeof v === 'boolean') return v ? 'n1' : 'n0';
  if (typeof v === 'string') return `s${v}`;
  if (v instanceof PyInt) return `n${v.value.toString()}`;
  if (v instanceof PyFloat) {
    if (Number.isNaN(v.value)) return `nan${nanCounter++}`; // every NaN object is its own key
    if (Number.isInteger(v.value)) return `n${BigInt(v.value).toString()}`;
    return `f${v.value}`;
  }
  if (v instanceof PyBytes) return `b${Array.from(v.bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
  if (v instanceof PyDate) return `d${v.year}-${v.month}-${v.day}`;
  if (v instanceof PyDateTime) return `t${pyStr(v)}`;
  if (v instanceof PyTuple) return `(${v.items.map(hashKey).join(',')})`;
  throw new PyError('TypeError', `unhashable type: '${pyTypeName(v)}'`);
}

function numeric(v: PyValue): number | bigint | null {
  if (typeof v === 'boolean') return v ? 1n : 0n;
  if (v instanceof PyInt) return v.value;
  if (v instanceof PyFloat) return v.value;
  return null;
}

/** Python `a == b`. */
export function pyEq(a: PyValue, b: PyValue, depth = 0): boolean {
  if (depth > 200) return false;
  const na = numeric(a);
  const nb = numeric(b);
  if (na !== null || nb !== null) {
    if (na === null || nb === null) return false;
    if (typeof na === 'bigint' && typeof nb === 'bigint') return na === nb;
    const fa = typeof na === 'bigint' ? Number(na) : na;
    const fb = typeof nb === 'bigint' ? Number(nb) : nb;
    return fa === fb;
  }
  if (a === null || b === null) return a === b;
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  if (a instanceof PyList && b instanceof PyList) return seqEq(a.items, b.items, depth);
  if (a instanceof PyTuple && b instanceof PyTuple) return seqEq(a.items, b.items, depth);
  if (a instanceof PyDict && b instanceof PyDict) {
    if (a.size !== b.size) return false;
    return a.entries().every(([k, v]) => b.has(k) && pyEq(v, b.get(k) ?? null, depth + 1));
  }
  if (a instanceof PyBytes && b instanceof PyBytes) return a.bytes.length === b.bytes.length && a.bytes.every((x, i) => x === b.bytes[i]);
  if (a instanceof PyDate && b instanceof PyDate) return a.year === b.year && a.month === b.month && a.day === b.day;
  if (a instanceof PyDateTime && b instanceof PyDateTime) return pyStr(a) === pyStr(b);
  if (a instanceof PySet && b instanceof PySet) return a.items.length === b.items.length && a.items.every((x) => b.items.some((y) => pyEq(x, y, depth + 1)));
  return false;
}

function seqEq(a: PyValue[], b: PyValue[], depth: number): boolean {
  return a.length === b.length && a.every((x, i) => pyEq(x, b[i] ?? null, depth + 1));
}

/** Python `needle in container` for the containers Hermes tests (list, str, dict, set, tuple). A str
 *  container is a substring test and needs a str needle; a number, bool or None container raises. */
export function pyIn(needle: PyValue, container: PyValue): boolean {
  if (typeof container === 'string') {
    if (typeof needle !== 'string') throw new PyError('TypeError', `'in <string>' requires string as left operand, not ${pyTypeName(needle)}`);
    return container.includes(needle);
  }
  if (container instanceof PyList || container instanceof PyTuple) return container.items.some((x) => pyEq(needle, x));
  if (container instanceof PyDict) return container.has(needle);
  if (container instanceof PySet) {
    hashKey(needle);
    return container.items.some((x) => pyEq(needle, x));
  }
  if (container instanceof PyBytes) throw new PyError('TypeError', `a bytes-like object is required, not '${pyTypeName(needle)}'`);
  throw new PyError('TypeError', `argument of type '${pyTypeName(container)}' is not iterable`);
}

/** `for x in v`: the items Python iterates, or TypeError for what is not iterable. A str iterates its
 *  characters (code points), a dict its keys, bytes its byte values. */
export function pyIter(v: PyValue): PyValue[] {
  if (typeof v === 'string') return Array.from(v);
  if (v instanceof PyList || v instanceof PyTuple || v instanceof PySet) return v.items.slice();
  if (v instanceof PyDict) return v.keys.slice();
  if (v instanceof PyBytes) return Array.from(v.bytes, (b) => new PyInt(BigInt(b)));
  throw new PyError('TypeError', `'${pyQualName(v)}' object is not iterable`);
}

// ── strings by code point, Python whitespace ───────────────────────────────────────────────────────────

/** `len(s)`: Python counts code points, JS counts UTF-16 units (an emoji is 1 in Python, 2 in JS). */
export function cpLen(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

/** `s[:n]` by code point. */
export function cpHead(s: string, n: number): string {
  if (n <= 0) return '';
  // At most n UTF-16 units are at most n code points: the whole string, without counting.
  if (s.length <= n) return s;
  let count = 0;
  for (let i = 0; i < s.length; i++) {
    if (count === n) return s.slice(0, i);
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    count++;
  }
  return s;
}

/** Compare by code point, as Python's `sorted()` does (JS `<` compares UTF-16 units, which misorders an
 *  astral character against U+E000–U+FFFF). */
export function cpCompare(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const xs = x >= 0xd800 && x <= 0xdfff;
    const ys = y >= 0xd800 && y <= 0xdfff;
    if (xs !== ys) return xs ? 1 : -1; // a surrogate stands for a code point above U+FFFF
    return x - y;
  }
  return a.length - b.length;
}

/** Characters Python's `str.strip()` removes (`str.isspace()`): note U+FEFF (BOM) is not one of them,
 *  while JS `trim()` removes it. */
export function isPySpace(c: number): boolean {
  return (
    (c >= 0x09 && c <= 0x0d) ||
    (c >= 0x1c && c <= 0x20) ||
    c === 0x85 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000
  );
}

/** `s.strip()`, or `s.strip(chars)` when `chars` is given. */
export function pyStrip(s: string, chars?: string): string {
  const drop = chars === undefined ? (c: number) => isPySpace(c) : (c: number) => chars.includes(String.fromCharCode(c));
  let a = 0;
  let b = s.length;
  while (a < b && drop(s.charCodeAt(a))) a++;
  while (b > a && drop(s.charCodeAt(b - 1))) b--;
  return s.slice(a, b);
}

// ── str() and repr() ──────────────────────────────────────────────────────────────────────────────────

/** Past this many characters `str()` stops: PyYAML shares aliased nodes, so an alias bomb is cheap to load
 *  but its `str()` is astronomically long (Hermes would hang there; we report it instead). */
export const MAX_STR_OUTPUT = 4 * 1024 * 1024;

export class OutputTooLarge extends Error {
  constructor() {
    super('value too large to print');
  }
}

/** Python `str(v)`. */
export function pyStr(v: PyValue): string {
  if (typeof v === 'string') return v;
  if (v instanceof PyDate) return dateStr(v);
  if (v instanceof PyDateTime) return dateTimeStr(v);
  return pyRepr(v);
}

/** Python `repr(v)`. */
export function pyRepr(v: PyValue): string {
  const out: string[] = [];
  let size = 0;
  const active = new Set<object>();
  const emit = (s: string): void => {
    size += s.length;
    if (size > MAX_STR_OUTPUT) throw new OutputTooLarge();
    out.push(s);
  };
  const walk = (x: PyValue): void => {
    if (x === null) return emit('None');
    if (typeof x === 'boolean') return emit(x ? 'True' : 'False');
    if (typeof x === 'string') return emit(strRepr(x));
    if (x instanceof PyInt) return emit(x.value.toString());
    if (x instanceof PyFloat) return emit(floatRepr(x.value));
    if (x instanceof PyBytes) return emit(bytesRepr(x.bytes));
    if (x instanceof PyDate) return emit(`datetime.date(${x.year}, ${x.month}, ${x.day})`);
    if (x instanceof PyDateTime) return emit(dateTimeRepr(x));
    if (active.has(x)) return emit(x instanceof PyDict ? '{...}' : x instanceof PyList ? '[...]' : '(...)');
    active.add(x);
    if (x instanceof PyDict) {
      emit('{');
      x.entries().forEach(([k, val], i) => {
        if (i) emit(', ');
        walk(k);
        emit(': ');
        walk(val);
      });
      emit('}');
    } else if (x instanceof PySet) {
      if (x.items.length === 0) emit('set()');
      else {
        emit('{');
        x.items.forEach((item, i) => {
          if (i) emit(', ');
          walk(item);
        });
        emit('}');
      }
    } else {
      const tuple = x instanceof PyTuple;
      emit(tuple ? '(' : '[');
      x.items.forEach((item, i) => {
        if (i) emit(', ');
        walk(item);
      });
      if (tuple && x.items.length === 1) emit(',');
      emit(tuple ? ')' : ']');
    }
    active.delete(x);
  };
  walk(v);
  return out.join('');
}

/** Characters `str.isprintable()` rejects: categories Cc, Cf, Cs, Co, Cn, Zl, Zp and Zs except the space. */
const NON_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

function strRepr(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 0;
    if (ch === quote || ch === '\\') out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (c < 0x20 || c === 0x7f) out += `\\x${c.toString(16).padStart(2, '0')}`;
    else if (c !== 0x20 && NON_PRINTABLE.test(ch)) {
      if (c <= 0xff) out += `\\x${c.toString(16).padStart(2, '0')}`;
      else if (c <= 0xffff) out += `\\u${c.toString(16).padStart(4, '0')}`;
      else out += `\\U${c.toString(16).padStart(8, '0')}`;
    } else out += ch;
  }
  return out + quote;
}

function bytesRepr(bytes: Uint8Array): string {
  const hasSingle = bytes.includes(0x27);
  const hasDouble = bytes.includes(0x22);
  const quote = hasSingle && !hasDouble ? 0x22 : 0x27;
  let out = `b${String.fromCharCode(quote)}`;
  for (const b of bytes) {
    if (b === quote || b === 0x5c) out += `\\${String.fromCharCode(b)}`;
    else if (b === 0x09) out += '\\t';
    else if (b === 0x0a) out += '\\n';
    else if (b === 0x0d) out += '\\r';
    else if (b < 0x20 || b >= 0x7f) out += `\\x${b.toString(16).padStart(2, '0')}`;
    else out += String.fromCharCode(b);
  }
  return out + String.fromCharCode(quote);
}

/** Python's `repr(float)`: the shortest digits that round-trip (as JS), laid out Python's way: positional
 *  for exponents -4..15 with at least one decimal (`1.0`), otherwise `1e+16` / `1.5e-05`. */
export function floatRepr(x: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (x === Infinity) return 'inf';
  if (x === -Infinity) return '-inf';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const sign = x < 0 ? '-' : '';
  const [mant = '0', expPart = '0'] = Math.abs(x).toExponential().split('e');
  const digits = mant.replace('.', '');
  const exp = Number(expPart);
  if (exp >= -4 && exp < 16) {
    if (exp < 0) return `${sign}0.${'0'.repeat(-exp - 1)}${digits}`;
    if (digits.length <= exp + 1) return `${sign}${digits}${'0'.repeat(exp + 1 - digits.length)}.0`;
    return `${sign}${digits.slice(0, exp + 1)}.${digits.slice(exp + 1)}`;
  }
  const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
  const e = Math.abs(exp).toString().padStart(2, '0');
  return `${sign}${m}e${exp < 0 ? '-' : '+'}${e}`;
}

const pad2 = (n: number): string => n.toString().padStart(2, '0');

function dateStr(d: PyDate): string {
  return `${d.year.toString().padStart(4, '0')}-${pad2(d.month)}-${pad2(d.day)}`;
}

function tzStr(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const m = Math.abs(minutes);
  return `${sign}${pad2(Math.floor(m / 60))}:${pad2(m % 60)}`;
}

function dateTimeStr(d: PyDateTime): string {
  let s = `${dateStr(new PyDate(d.year, d.month, d.day))} ${pad2(d.hour)}:${pad2(d.minute)}:${pad2(d.second)}`;
  if (d.microsecond) s += `.${d.microsecond.toString().padStart(6, '0')}`;
  if (d.tzMinutes !== null) s += tzStr(d.tzMinutes);
  return s;
}

function dateTimeRepr(d: PyDateTime): string {
  const parts = [d.year, d.month, d.day, d.hour, d.minute];
  if (d.microsecond) parts.push(d.second, d.microsecond);
  else if (d.second) parts.push(d.second);
  let s = `datetime.datetime(${parts.join(', ')}`;
  if (d.tzMinutes !== null) {
    if (d.tzMinutes === 0) s += ', tzinfo=datetime.timezone.utc';
    else {
      // timedelta normalises a negative offset into days=-1 plus positive seconds.
      const secs = d.tzMinutes * 60;
      const td = secs < 0 ? `datetime.timedelta(days=-1, seconds=${86400 + secs})` : `datetime.timedelta(seconds=${secs})`;
      s += `, tzinfo=datetime.timezone(${td})`;
    }
  }
  return `${s})`;
}

// ── json.dumps ────────────────────────────────────────────────────────────────────────────────────────

/** What JSON.parse of Python's `json.dumps(v)` gives, or the Python exception `json.dumps` raises:
 *  `Object of type date is not JSON serializable`, `keys must be str, int, float, bool or None, not
 *  tuple`, `Circular reference detected`. Items are visited in Python's order, so the first offending
 *  value is the one Python names. */
export function pyToJson(v: PyValue): unknown {
  const active = new Set<object>();
  let budget = 1_000_000;
  const walk = (x: PyValue): unknown => {
    if (--budget < 0) throw new PyError('MemoryError', 'value too large to encode');
    if (x === null || typeof x === 'boolean' || typeof x === 'string') return x;
    if (x instanceof PyInt) return Number(x.value);
    if (x instanceof PyFloat) return x.value;
    if (x instanceof PyList || x instanceof PyTuple) {
      if (active.has(x)) throw new PyError('ValueError', 'Circular reference detected');
      active.add(x);
      const out = x.items.map(walk);
      active.delete(x);
      return out;
    }
    if (x instanceof PyDict) {
      if (active.has(x)) throw new PyError('ValueError', 'Circular reference detected');
      active.add(x);
      const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
      for (const [k, val] of x.entries()) {
        let key: string;
        if (typeof k === 'string') key = k;
        else if (k === null) key = 'null';
        else if (typeof k === 'boolean') key = k ? 'true' : 'false';
        else if (k instanceof PyInt) key = k.value.toString();
        else if (k instanceof PyFloat)
          key = Number.isFinite(k.value) ? floatRepr(k.value) : Number.isNaN(k.value) ? 'NaN' : k.value > 0 ? 'Infinity' : '-Infinity';
        else throw new PyError('TypeError', `keys must be str, int, float, bool or None, not ${pyTypeName(k)}`);
        out[key] = walk(val);
      }
      active.delete(x);
      return out;
    }
    throw new PyError('TypeError', `Object of type ${pyTypeName(x)} is not JSON serializable`);
  };
  return walk(v);
}

/** A plain JS value (from JSON) as a Python value, for values that round-trip through a JSON file (the
 *  index snapshot). */
export function jsonToPy(v: unknown): PyValue {
  if (v === null || typeof v === 'boolean' || typeof v === 'string') return v;
  if (typeof v === 'number') return Number.isInteger(v) && !Object.is(v, -0) ? new PyInt(BigInt(v)) : new PyFloat(v);
  if (Array.isArray(v)) return new PyList(v.map(jsonToPy));
  const d = new PyDict();
  for (const [k, val] of Object.entries(v as Record<string, unknown>)) d.set(k, jsonToPy(val));
  return d;
}
