export default function Home() {
  return <main>Hedgerow</main>;
}
