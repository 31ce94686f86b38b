resource writers "docs-workspace:index:Team" {
  title = "Writers"
}

resource runbook "docs-workspace:index:Space" {
  title = "Incident runbook"
}

resource writersEdit "docs-workspace:index:SpacePermission" {
  spaceId = runbook.id
  teamId  = writers.id
  role    = "edit"
}

resource adaReview "docs-workspace:index:SpacePermission" {
  spaceId = runbook.id
  email   = "ada@example.com"
  role    = "review"
}
