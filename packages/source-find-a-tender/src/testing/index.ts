export { FTS_FIXTURES, FTS_FIXTURES_DIR, ftsFixturePath } from "../fts-fixtures.js";
