-- Data migration (hand-written; keep it after the migration that adds api_keys.salt).
-- Every publishable key so far was derived from its workspace's salt: the salt moves onto the key's
-- row, where rotation gives each new key its own, so existing publishable keys stay exactly as they were.
UPDATE `api_keys`
SET `salt` = (SELECT `public_key_salt` FROM `workspaces` WHERE `workspaces`.`id` = `api_keys`.`workspace_id`)
WHERE `kind` = 'public' AND `salt` IS NULL;
