-- Data migration (hand-written; keep it after the migration that creates `members`).
-- Contract §18: every workspace made before members existed gets its first owner,
-- owner@<workspaceKey>, so the operator's sign-in link without a body keeps signing someone in
-- (contract §10), and the links and sessions open at the upgrade become that owner's.
INSERT INTO `members` (`id`, `workspace_id`, `email`, `name`, `role`, `created_at`)
SELECT 'mem_' || upper(hex(randomblob(10))), `w`.`id`, lower('owner@' || `w`.`workspace_key`), 'Owner', 'owner', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
FROM `workspaces` AS `w`
WHERE NOT EXISTS (SELECT 1 FROM `members` AS `m` WHERE `m`.`workspace_id` = `w`.`id`);
--> statement-breakpoint
UPDATE `dashboard_links`
SET `member_id` = (
  SELECT `m`.`id` FROM `members` AS `m`
  WHERE `m`.`workspace_id` = `dashboard_links`.`workspace_id` AND `m`.`role` = 'owner'
  ORDER BY `m`.`created_at`, `m`.`id` LIMIT 1
)
WHERE `member_id` IS NULL;
--> statement-breakpoint
UPDATE `dashboard_sessions`
SET
  `member_id` = (
    SELECT `m`.`id` FROM `members` AS `m`
    WHERE `m`.`workspace_id` = `dashboard_sessions`.`workspace_id` AND `m`.`role` = 'owner'
    ORDER BY `m`.`created_at`, `m`.`id` LIMIT 1
  ),
  `session_id` = 'ses_' || upper(hex(randomblob(10))),
  `last_active_at` = CAST(strftime('%s', 'now') AS INTEGER) * 1000
WHERE `member_id` IS NULL;
