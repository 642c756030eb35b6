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

// Props named like the app's collection references, read in JSX with closing tags on one line.
export function Summary({ orders, shops }: { orders: string[]; shops: string[] }) {
  return <ul>{orders.map((o) => <li key={o}>{o}</li>)}{shops.some((s) => s === "x") && <b>x</b>}</ul>;
}

export const Count = ({ orders }: { orders: string[] }) => orders.filter((o) => o !== "").length;
