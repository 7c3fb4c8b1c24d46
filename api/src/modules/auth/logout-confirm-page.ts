// What GET /api/logout answers when another site sent the browser there: the session is kept and the person
// confirms with a button. The button's POST comes from our own page, so the origin check lets it through,
// while another site's form POST to /api/logout is refused like any cross-site write.
export const LOGOUT_CONFIRM_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign out? | DirectMailers</title>
</head>
<body>
<main>
<h1>Sign out of DirectMailers?</h1>
<p>A link on another site brought you here. You are still signed in.</p>
<form method="post" action="/api/logout"><button type="submit">Sign out</button></form>
<p><a href="/admin">Back to the admin</a></p>
</main>
</body>
</html>
`;
