app_name = "tasks_catalog"
urlpatterns = []
