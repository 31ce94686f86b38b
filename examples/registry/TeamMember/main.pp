resource reviewers "docs-workspace:index:Team" {
  title = "Reviewers"
}

resource margaret "docs-workspace:index:TeamMember" {
  teamId = reviewers.id
  email  = "margaret@example.com"
  role   = "member"
}
