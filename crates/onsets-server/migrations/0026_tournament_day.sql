-- A tournament day (docs/tournaments.md): the public list of events,
-- newest first (`GET /api/tournaments`), reads the events by creation time.
-- Divisions, schools, rooms, scoresheets and awards live in the event's
-- JSON (onsets_tournament::Day), so they need no columns of their own.
CREATE INDEX tournaments_created ON tournaments (created_at);
