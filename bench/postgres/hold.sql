-- One hold per transaction, the same semantics as POST seats/hold on one seat: the seat is taken
-- only when it is free or its previous hold has expired. The sequence gives every transaction its
-- own seat (like the service scenario, where every request holds a different seat); the scalar
-- subquery is evaluated once (an InitPlan), so the primary-key index is used.
\set tok random(1, 1000000000)
UPDATE seats
   SET status = 'held', token = 'tok-' || :client_id || '-' || :tok, expires_at = now() + interval '900 seconds'
 WHERE event = 'bench'
   AND label = (SELECT 'S' || nextval('hold_seq'))
   AND (status = 'free' OR expires_at < now());
