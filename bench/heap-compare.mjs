// Compares two V8 heap snapshots (node bench/heap-compare.mjs before.heapsnapshot after.heapsnapshot):
// live objects grouped by type and constructor name, the groups that grew most first. A leak
// shows as a group whose count grows with every round of the same load.
import fs from "node:fs";

function summarise(file) {
  const data = JSON.parse(fs.readFileSync(file, "utf8"));
  const { node_fields: fields, node_types: types } = data.snapshot.meta;
  const stride = fields.length;
  const typeAt = fields.indexOf("type");
  const nameAt = fields.indexOf("name");
  const sizeAt = fields.indexOf("self_size");
  const typeNames = types[0];
  const groups = new Map();
  let total = 0;
  for (let i = 0; i < data.nodes.length; i += stride) {
    const type = typeNames[data.nodes[i + typeAt]];
    const raw = type === "object" || type === "closure" || type === "native" ? data.strings[data.nodes[i + nameAt]] : "";
    const key = `${type}${raw ? ` ${raw.slice(0, 60)}` : ""}`;
    const size = data.nodes[i + sizeAt];
    total += size;
    const g = groups.get(key) ?? { count: 0, size: 0 };
    g.count += 1;
    g.size += size;
    groups.set(key, g);
  }
  return { groups, total };
}

const [a, b] = process.argv.slice(2).map(summarise);
const mb = (n) => (n / 1024 / 1024).toFixed(2);
console.log(`live heap: ${mb(a.total)} MB -> ${mb(b.total)} MB`);
const rows = [...new Set([...a.groups.keys(), ...b.groups.keys()])].map((key) => {
  const x = a.groups.get(key) ?? { count: 0, size: 0 };
  const y = b.groups.get(key) ?? { count: 0, size: 0 };
  return { key, count: y.count - x.count, size: y.size - x.size, after: y };
});
rows.sort((p, q) => q.size - p.size);
for (const r of rows.slice(0, Number(process.env.TOP ?? 25))) {
  console.log(
    `${(r.size >= 0 ? "+" : "") + mb(r.size)} MB  ${(r.count >= 0 ? "+" : "") + r.count} objects  (now ${r.after.count}, ${mb(r.after.size)} MB)  ${r.key}`,
  );
}
