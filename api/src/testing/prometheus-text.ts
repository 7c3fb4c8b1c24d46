// Reads Prometheus' text exposition format (version 0.0.4) as a scraper does, strictly: every line is a comment,
// a `# HELP`/`# TYPE` line or a sample `name{label="value",…} number`, and every sample belongs to a declared
// metric. Anything else throws, so a test that parses /metrics checks the format too.
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)(?: -?\d+)?$/;
const LABEL = /\s*([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"\s*(?:,|$)/y;
const SUFFIXES = ['_bucket', '_sum', '_count', '_total', '_created', ''];

export function parsePrometheusText(text: string): Sample[] {
  const declared = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const type = /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      declared.set(type[1]!, type[2]!);
      continue;
    }
    if (line.startsWith('#')) {
      if (!/^# HELP [a-zA-Z_:][a-zA-Z0-9_:]* .*$/.test(line) && !/^# /.test(line)) throw new Error(`bad comment: ${line}`);
      continue;
    }
    const m = SAMPLE.exec(line);
    if (!m) throw new Error(`not a sample: ${line}`);
    const [, name, labelText = '', valueText] = m;
    const labels: Record<string, string> = {};
    LABEL.lastIndex = 0;
    while (LABEL.lastIndex < labelText.length) {
      const at = LABEL.lastIndex;
      const l = LABEL.exec(labelText);
      if (!l || l.index !== at) throw new Error(`bad labels: ${line}`);
      labels[l[1]!] = l[2]!.replace(/\\n/g, '\n').replace(/\\"/g, '"').replace(/\\\\/g, '\\');
    }
    const value = valueText === '+Inf' ? Infinity : valueText === '-Inf' ? -Infinity : Number(valueText);
    if (Number.isNaN(value) && valueText !== 'NaN') throw new Error(`bad value: ${line}`);
    if (!SUFFIXES.some((s) => declared.has(name!.slice(0, name!.length - s.length)) && name!.endsWith(s))) throw new Error(`undeclared metric: ${line}`);
    samples.push({ name: name!, labels, value });
  }
  return samples;
}

/** The value of the sample with this name and these labels (others may be present), or 0 when there is none. */
export function sampleValue(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  return found?.value ?? 0;
}
