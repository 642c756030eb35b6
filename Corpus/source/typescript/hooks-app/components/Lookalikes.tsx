import { useState } from "react";

// Local values named like the app's collection references: arrays and maps, never queries.
export function Basket({ items }: { items: string[] }) {
  const [orders, setOrders] = useState<string[]>([]);
  const { shops } = { shops: items };
  const labels = new Map<string, string>([
    ["a", "Apples"],
    ["b", "Bread"],
  ]);
  const seen = orders.some((o) => o === "x");
  return (
    <div onClick={() => setOrders([])}>
      {orders.map((o) => (
        <b key={o}>{labels.get(o)}</b>
      ))}
      {shops.map((s) => s.toUpperCase())}
      {seen ? "seen" : "new"}
    </div>
  );
}
