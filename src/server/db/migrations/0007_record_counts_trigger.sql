-- record_counts follows records (ADR 0010): +1 on insert, -1 on delete, and on a status change -1 for
-- the old status and +1 for the new, for the scopes '*', 'o:<org>' and 'u:<owner>'. owner_id and
-- org_id never change after the insert, so only UPDATE OF status matters.
CREATE FUNCTION record_counts_add(p_resource text, p_status text, p_owner uuid, p_org uuid, p_delta integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  -- Always '*', then 'o:', then 'u:' (their text order): every transaction locks count rows in one order.
  INSERT INTO record_counts AS c (resource, scope, status, n) VALUES (p_resource, '*', p_status, p_delta)
    ON CONFLICT (resource, scope, status) DO UPDATE SET n = c.n + EXCLUDED.n;
  IF p_org IS NOT NULL THEN
    INSERT INTO record_counts AS c (resource, scope, status, n) VALUES (p_resource, 'o:' || p_org::text, p_status, p_delta)
      ON CONFLICT (resource, scope, status) DO UPDATE SET n = c.n + EXCLUDED.n;
  END IF;
  IF p_owner IS NOT NULL THEN
    INSERT INTO record_counts AS c (resource, scope, status, n) VALUES (p_resource, 'u:' || p_owner::text, p_status, p_delta)
      ON CONFLICT (resource, scope, status) DO UPDATE SET n = c.n + EXCLUDED.n;
  END IF;
END
$$;
--> statement-breakpoint
CREATE FUNCTION record_counts_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM record_counts_add(NEW.resource, NEW.status, NEW.owner_id, NEW.org_id, 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM record_counts_add(OLD.resource, OLD.status, OLD.owner_id, OLD.org_id, -1);
  ELSIF OLD.status IS DISTINCT FROM NEW.status THEN
    -- The lower status first, in every transaction: two transitions (withdraw and submit) never wait on each other in a circle.
    IF OLD.status < NEW.status THEN
      PERFORM record_counts_add(OLD.resource, OLD.status, OLD.owner_id, OLD.org_id, -1);
      PERFORM record_counts_add(NEW.resource, NEW.status, NEW.owner_id, NEW.org_id, 1);
    ELSE
      PERFORM record_counts_add(NEW.resource, NEW.status, NEW.owner_id, NEW.org_id, 1);
      PERFORM record_counts_add(OLD.resource, OLD.status, OLD.owner_id, OLD.org_id, -1);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER records_counts AFTER INSERT OR DELETE OR UPDATE OF status ON records
  FOR EACH ROW EXECUTE FUNCTION record_counts_apply();
