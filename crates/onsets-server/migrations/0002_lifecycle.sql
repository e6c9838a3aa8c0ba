-- Tables leave memory when finished or abandoned (status `over` or
-- `abandoned`); the server loads only live ones (`waiting`, `playing`).
CREATE INDEX tables_status ON tables (status);
