import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { asc, eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { subscriptionTypes } from "~/db/schema";
import { formatCurrency } from "~/lib/format";

export const meta: MetaFunction = () => [{ title: "Piani — Verbale" }];

export async function loader() {
  const plans = await getDb()
    .select()
    .from(subscriptionTypes)
    .where(eq(subscriptionTypes.isActive, true))
    .orderBy(asc(subscriptionTypes.sortOrder))
    .limit(4);
  return { plans };
}

export default function Subscriptions() {
  const { plans } = useLoaderData<typeof loader>();
  return (
    <div className="page">
      <h1 className="page-title text-center">Scegli il tuo piano</h1>
      <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {plans.map((plan) => (
          <article key={plan.id} className="card" data-testid="plan-card">
            <h2 className="text-lg font-semibold">{plan.name}</h2>
            <p className="mt-2 text-2xl font-bold">{formatCurrency(plan.price, plan.currency)}</p>
          </article>
        ))}
      </div>
    </div>
  );
}
