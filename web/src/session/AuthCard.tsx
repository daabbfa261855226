export function AuthCard(props: { title: string; children: preact.ComponentChildren }) {
  return (
    <main class="auth-page" id="main">
      <div class="auth-card">
        <div class="brand auth-brand">
          <span class="brand-mark" aria-hidden="true">
            ◆
          </span>
          <span>Agent Automation</span>
        </div>
        <h1>{props.title}</h1>
        {props.children}
      </div>
    </main>
  );
}
