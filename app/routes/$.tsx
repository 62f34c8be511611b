/** Any unmatched path renders the root 404 page. */
export async function loader() {
  throw new Response("Pagina non trovata", { status: 404 });
}

export default function NotFound() {
  return null;
}
