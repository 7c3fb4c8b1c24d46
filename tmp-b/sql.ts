import { createDb } from '../api/src/db/knex';
const db = createDb('/tmp/b-rt.sqlite');
console.log(db('t').insert([{a:1,b:2},{a:3,b:4}]).onConflict(['a']).ignore().returning(['a']).toString());
console.log(db('t').insert([{a:1,b:2},{a:3,b:4}]).returning('*').toString());
await db.destroy();
