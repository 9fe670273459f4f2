-- Data migration (hand-written; no schema change). The delivery log used to keep the network
-- stack's own error text, which can name internal hosts and addresses; it now keeps a status code
-- or one of a few codes. Entries written before are rewritten to the codes they stand for.
UPDATE `webhook_deliveries` SET `last_error` = CASE
  WHEN `last_error` LIKE 'HTTP %' OR `last_error` LIKE 'redirect%' THEN NULL
  WHEN `last_error` LIKE 'URL not allowed%' THEN 'url_not_allowed'
  WHEN `last_error` = 'endpoint disabled' THEN 'endpoint_disabled'
  WHEN `last_error` LIKE 'dead-lettered%' THEN 'dead_lettered'
  WHEN `last_error` LIKE 'no answer within%' THEN 'timeout'
  WHEN `last_error` LIKE '%dns%' OR `last_error` LIKE '%resolv%' THEN 'dns_error'
  WHEN `last_error` LIKE '%tls%' OR `last_error` LIKE '%ssl%' OR `last_error` LIKE '%certificate%' THEN 'tls_error'
  ELSE 'connection_failed'
END
WHERE `last_error` IS NOT NULL
  AND `last_error` NOT IN ('dns_error', 'timeout', 'connection_failed', 'tls_error', 'url_not_allowed', 'endpoint_disabled', 'dead_lettered');
--> statement-breakpoint
UPDATE `webhook_attempts` SET `error` = CASE
  WHEN `error` LIKE 'HTTP %' OR `error` LIKE 'redirect%' THEN NULL
  WHEN `error` LIKE 'URL not allowed%' THEN 'url_not_allowed'
  WHEN `error` LIKE 'no answer within%' THEN 'timeout'
  WHEN `error` LIKE '%dns%' OR `error` LIKE '%resolv%' THEN 'dns_error'
  WHEN `error` LIKE '%tls%' OR `error` LIKE '%ssl%' OR `error` LIKE '%certificate%' THEN 'tls_error'
  ELSE 'connection_failed'
END
WHERE `error` IS NOT NULL
  AND `error` NOT IN ('dns_error', 'timeout', 'connection_failed', 'tls_error', 'url_not_allowed', 'endpoint_disabled', 'dead_lettered');
