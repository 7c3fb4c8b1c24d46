// STUB (replaced by the auth work): `npm run user:add -- --email a@b.c --password 'secret' [--name] [--role]`.
console.error('user:add is not implemented yet');
process.exit(1);
